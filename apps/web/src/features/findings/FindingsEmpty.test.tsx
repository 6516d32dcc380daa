// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FindingsEmpty } from './FindingsEmpty';

afterEach(cleanup);

describe('FindingsEmpty', () => {
  it('zero findings is good news, with what produces findings and the check command', () => {
    render(<FindingsEmpty hidden={0} />);
    const text = screen.getByTestId('findings-empty').textContent ?? '';
    expect(text).toContain('every frame so far follows the spec');
    expect(text).toContain('npx mcpscope check');
  });

  it('findings hidden by the severity filter are counted, not called good news', () => {
    render(<FindingsEmpty hidden={2} />);
    expect(screen.getByTestId('findings-empty').textContent).toContain('2 findings are hidden by the filter');
  });

  it('a page that joined late does not vouch for frames it has not seen', () => {
    render(<FindingsEmpty hidden={0} partial />);
    expect(screen.getByTestId('findings-empty').textContent).toContain('No findings in the frames this page has seen');
  });
});
