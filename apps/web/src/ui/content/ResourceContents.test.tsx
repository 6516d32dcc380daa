// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceContents } from './ResourceContents';

afterEach(cleanup);
const created: Blob[] = [];
beforeEach(() => {
  created.length = 0;
  URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), `blob:test/${created.length}`)) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
});

const kind = () => screen.getByTestId('resource-content').getAttribute('data-kind');

describe('ResourceContents', () => {
  it('shows JSON as a tree with mime type and size', () => {
    render(<ResourceContents content={{ uri: 'demo://c.json', mimeType: 'application/json', text: '{"theme":"dark"}' }} />);
    expect(kind()).toBe('json');
    expect(screen.getByRole('tree').textContent).toContain('"theme"');
    expect(screen.getByText('application/json')).toBeTruthy();
    expect(screen.getByText('16 B')).toBeTruthy();
  });

  it('renders markdown without raw HTML and without loading remote images', async () => {
    const md =
      '# Title\n\n<img src="https://evil.example/x.png"><script>alert(1)</script>\n\n![pic](https://evil.example/p.png) [a](javascript:alert(1))';
    const { container } = render(<ResourceContents content={{ mimeType: 'text/markdown', text: md }} />);
    expect(kind()).toBe('markdown');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Title'));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('pic');
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  });

  it('shows plain text as text', () => {
    render(<ResourceContents content={{ mimeType: 'text/plain', text: 'Hello\nline two' }} />);
    expect(kind()).toBe('text');
    expect(screen.getByText(/line two/)).toBeTruthy();
  });

  it('previews an image blob from a data: URL (never blob:), with a hex view on demand', async () => {
    render(<ResourceContents content={{ uri: 'demo://p.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }} />);
    expect(kind()).toBe('image');
    expect(screen.getByTestId('resource-image').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(created).toHaveLength(0);
    fireEvent.click(screen.getByText('Hex'));
    expect(screen.getByTestId('resource-hex').textContent).toContain('89 50 4e 47');
  });

  it('shows an SVG with a script only as an <img> of a data: URL, opens it in a tab as an <img>, downloads it as octet-stream', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.pwned=1</script><rect width="9" height="9"/></svg>';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const tab = document.implementation.createHTMLDocument('');
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ document: tab, opener: window }) as unknown as Window);
    const { container } = render(<ResourceContents content={{ uri: 'x://evil.svg', mimeType: 'image/svg+xml', blob: btoa(svg) }} />);
    expect(screen.getByTestId('resource-image').getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(svg)}`);
    expect(container.querySelector('script, iframe, object, embed')).toBeNull();
    fireEvent.click(screen.getByTestId('resource-open-tab'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(open.mock.results[0]!.value.opener).toBeNull();
    expect(tab.body.children).toHaveLength(1);
    expect(tab.querySelector('img')!.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(svg)}`);
    fireEvent.click(screen.getByTestId('resource-download'));
    expect(created.at(-1)?.type).toBe('application/octet-stream');
    open.mockRestore();
    click.mockRestore();
  });

  it('shows other blobs as a hex dump and downloads them from the page', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<ResourceContents content={{ uri: 'file:///data.bin', mimeType: 'application/octet-stream', blob: 'AAEC/w==' }} />);
    expect(kind()).toBe('binary');
    expect(screen.getByTestId('resource-hex').textContent).toContain('00 01 02 ff');
    fireEvent.click(screen.getByTestId('resource-download'));
    expect(click).toHaveBeenCalledOnce();
    expect(created.at(-1)?.size).toBe(4);
    click.mockRestore();
  });

  it('offers the decoded text of a blob with a text mime type', () => {
    render(<ResourceContents content={{ mimeType: 'text/plain', blob: btoa('Resource 7') }} />);
    expect(kind()).toBe('binary');
    expect(screen.getByTestId('resource-hex').textContent).toContain('52 65 73');
    fireEvent.click(screen.getByText('Text'));
    expect(screen.getByText('Resource 7')).toBeTruthy();
  });

  it('says when a blob is not base64', () => {
    render(<ResourceContents content={{ blob: '**' }} />);
    expect(kind()).toBe('invalid');
    expect(screen.getByText(/not valid base64/)).toBeTruthy();
  });
});
