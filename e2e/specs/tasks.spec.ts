import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { ClientPage } from '../fixtures/client';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * Tasks end to end against server-everything 2026.8.31 over stdio (2025-11-25,
 * experimental tasks): its task tools are listed, `simulate-research-query` (taskSupport
 * "required") runs as a task from the Tools tab — status, status message, the elicitation it
 * asks for, the result —, an `*-async` tool has mcpscope run the server's sampling request as a
 * task, a running task is cancelled, and the Tasks tab lists them, with tasks/list on demand.
 */
let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

async function open(page: Page) {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('legacy');
  const tools = new ToolsPage(page);
  await tools.open();
  return { tools, client: new ClientPage(page, app) };
}

const taskRows = (page: Page) => page.getByTestId('task-row');

async function openTasksTab(page: Page) {
  await page.getByTestId('tab-tasks').click();
  await expect(page.getByTestId('tab-tasks')).toHaveAttribute('aria-selected', 'true');
}

test('research query as a task: required toggle, status while it runs, the clarification it asks for, the result; listed in Tasks', async ({
  page,
}, info) => {
  const { tools, client } = await open(page);
  // 19 tools: the task tool and the *-async ones are there because mcpscope declares tasks.
  await expect(tools.items()).toHaveCount(19);
  for (const name of ['simulate-research-query', 'trigger-sampling-request-async', 'trigger-elicitation-request-async'])
    await expect(tools.item(name)).toBeVisible();

  // Before any task: the Tasks tab explains them and names the tools that can start one.
  await openTasksTab(page);
  await expect(page.getByTestId('tasks-empty')).toContainText('A task lets a server run a long request in the background');
  await expect(page.locator('[data-testid="tasks-empty-tool"][data-name="simulate-research-query"]')).toBeVisible();
  await page.locator('[data-testid="tasks-empty-tool"][data-name="simulate-research-query"]').click();
  await expect(page.getByTestId('tool-header')).toHaveAttribute('data-name', 'simulate-research-query');

  // required: on, locked, with the reason.
  const toggle = page.getByTestId('tool-run-as-task');
  await expect(toggle).toHaveAttribute('data-mode', 'required');
  await expect(page.getByTestId('tool-run-as-task-input')).toBeChecked();
  await expect(page.getByTestId('tool-run-as-task-input')).toBeDisabled();
  await expect(toggle).toHaveAttribute('title', /-32601/);
  // A tool without execution.taskSupport has no toggle.
  await tools.select('echo');
  await expect(toggle).toHaveCount(0);
  await tools.select('simulate-research-query');

  await tools.fill('topic', 'python');
  await tools.input('ambiguous').selectOption('true');
  await page.getByTestId('tool-call').click();

  const status = page.getByTestId('tool-task-status');
  await expect(status).toHaveAttribute('data-task-id', /.+/);
  await expect(page.getByTestId('tool-task-message')).toContainText(/Gathering sources|Analyzing content|Requesting clarification/);
  await client.screenshot(info, 'tasks-research-running');

  // At the synthesis stage the server asks which "python" is meant (input_required).
  await expect(client.elicitationDialog()).toBeVisible({ timeout: 30_000 });
  await expect(client.elicitationDialog()).toContainText('could have multiple interpretations');
  await expect(status).toHaveAttribute('data-status', 'input_required');
  await expect(page.getByTestId('tool-task-message')).toContainText('Requesting clarification');
  await client.screenshot(info, 'tasks-research-input-required');
  await client.fillField('interpretation', 'programming');
  await page.getByTestId('elicitation-accept').click();

  await tools.expectOutcome('result');
  await expect(tools.result()).toContainText('Research Report: python (programming)');
  await expect(page.getByTestId('tool-last-task')).toHaveAttribute('data-status', 'completed');
  const taskId = (await page.getByTestId('tool-last-task').getAttribute('data-task-id'))!;
  await client.screenshot(info, 'tasks-research-result');

  // The task in the Tasks tab: completed, with its status, polling and TTL, and the result.
  await page.getByTestId('tool-last-task').getByTestId('tool-task-open').click();
  await expect(page.getByTestId('tab-tasks')).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByTestId('task-detail');
  await expect(detail).toHaveAttribute('data-task-id', taskId);
  await expect(detail).toHaveAttribute('data-status', 'completed');
  await expect(detail).toContainText('simulate-research-query');
  await expect(detail).toContainText('1000 ms'); // the pollInterval the server suggested
  await expect(page.getByTestId('task-ttl')).toContainText('5 min'); // ttl 300000
  await expect(page.getByTestId('task-result')).toContainText('Research Report: python (programming)');
  await expect(detail.getByTestId('task-cancel')).toHaveCount(0); // finished: nothing to cancel
  await expect(taskRows(page)).toHaveCount(1);
  await client.screenshot(info, 'tasks-tab-completed');

  // Its frames: tools/call with params.task, the polls (mcpscope's, origin "task: poll"), tasks/result.
  await page.getByTestId('task-show-frames').click();
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  const ui = new McpscopeApp(page);
  await expect(ui.frameRows('tasks/get', 'out').first()).toBeVisible();
  await expect(ui.frameRows('tasks/result', 'out').first()).toBeVisible();
});

test('an *-async tool: the server has mcpscope run its sampling request as a task, then polls it', async ({ page }, info) => {
  const { tools, client } = await open(page);
  await tools.select('trigger-sampling-request-async');
  await expect(page.getByTestId('tool-run-as-task')).toHaveCount(0); // the tool itself is a plain call
  await tools.fill('prompt', 'Name a colour');
  await page.getByTestId('tool-call').click();
  await expect(client.samplingDialog()).toContainText('Name a colour');
  await client.approveSampling('Teal.');
  await tools.expectOutcome('result');
  // The server got a CreateTaskResult, polled our tasks/get until completed, then fetched tasks/result.
  await expect(tools.result()).toContainText('[COMPLETED] Async sampling completed!');
  await expect(tools.result()).toContainText('Teal.');
  await client.screenshot(info, 'tasks-async-sampling');
  // The Tasks tab lists it among the tasks mcpscope ran for the server: completed, polled, result sent.
  await openTasksTab(page);
  const row = page.getByTestId('receiver-task-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-method', 'sampling/createMessage');
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row.getByTestId('receiver-task-polls')).toContainText('result sent');
  await client.screenshot(info, 'tasks-tab-receiver');
  const ui = new McpscopeApp(page);
  await page.getByTestId('tab-frames').click();
  await expect(ui.frameRows('tasks/get', 'in').first()).toBeVisible();
  await expect(ui.frameRows('tasks/result', 'in').first()).toBeVisible();
});

test('cancelling a running task from the Tasks tab; tasks/list on demand', async ({ page }, info) => {
  const { tools, client } = await open(page);
  await tools.select('simulate-research-query');
  await tools.fill('topic', 'rivers');
  await tools.input('ambiguous').selectOption('true');
  await page.getByTestId('tool-call').click();
  // It waits for the clarification (input_required) until told otherwise: a task that stays running.
  await expect(client.elicitationDialog()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Minimize' }).click();

  await openTasksTab(page);
  await expect(page.getByTestId('tab-badge-tasks')).toContainText('1 running');
  const row = taskRows(page).first();
  await expect(row).toHaveAttribute('data-status', 'input_required');
  await row.click();
  await expect(page.getByTestId('task-detail')).toContainText('Requesting clarification');
  await client.screenshot(info, 'tasks-tab-input-required');
  await page.getByTestId('task-cancel').click();
  await expect(page.getByTestId('task-detail')).toHaveAttribute('data-status', 'cancelled');
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await client.screenshot(info, 'tasks-tab-cancelled');

  // The Tools tab's call ends as cancelled.
  await page.getByTestId('tab-tools').click();
  await tools.expectOutcome('cancelled');

  // tasks/list: the server's own list (the user asks; nothing is listed on its own).
  await openTasksTab(page);
  const ui = new McpscopeApp(page);
  await page.getByTestId('tab-frames').click();
  await expect(ui.frameRows('tasks/list', 'out')).toHaveCount(0);
  await openTasksTab(page);
  await page.getByTestId('tasks-list-server').click();
  await expect(page.getByTestId('tasks-list-summary')).toContainText('tasks/list:');
  await expect(taskRows(page)).toHaveCount(1); // the same task, merged
  await page.getByTestId('tab-frames').click();
  await expect(ui.frameRows('tasks/list', 'out')).toHaveCount(1);
  // Each frame says why it was sent: the user's clicks, and mcpscope's polls for the task the user started.
  await expect(ui.frameRows('tasks/list', 'out').getByTestId('frame-origin')).toHaveText('you · tasks: list');
  await expect(ui.frameRows('tasks/cancel', 'out').getByTestId('frame-origin')).toHaveText('you · tasks: cancel');
  await expect(ui.frameRows('tools/call', 'out').getByTestId('frame-origin')).toHaveText('you · tools: call as task');
  await expect(ui.frameRows('tasks/get', 'out').first().getByTestId('frame-origin')).toHaveText('auto · task: poll');

  // Another session shows its own tasks (none), and switching back shows this one's again.
  const first = await client.sessionId();
  const created = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { config: { transport: 'stdio', name: 'other', command: process.execPath, args: [everythingEntry(), 'stdio'] } },
  });
  expect(created.status()).toBeLessThan(300);
  const second = ((await created.json()) as { session: { id: string } }).session.id;
  const session = (id: string) => page.locator(`[data-testid="session-item"][data-session-id="${id}"]`);
  await session(second).click();
  await expect(session(second)).toHaveAttribute('aria-selected', 'true');
  await openTasksTab(page);
  await expect(page.getByTestId('tasks-empty')).toBeVisible();
  await expect(taskRows(page)).toHaveCount(0);
  await session(first).click();
  await expect(taskRows(page)).toHaveCount(1);
});
