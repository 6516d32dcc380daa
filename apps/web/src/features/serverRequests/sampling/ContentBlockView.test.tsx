// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentBlockView } from './ContentBlockView';

afterEach(cleanup);

describe('ContentBlockView (sampling messages)', () => {
  it('shows a server’s SVG image from a data: URL, never a same-origin blob:', () => {
    const createObjectURL = vi.fn(() => 'blob:http://127.0.0.1/x');
    URL.createObjectURL = createObjectURL;
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { container } = render(<ContentBlockView block={{ type: 'image', data: svg, mimeType: 'image/svg+xml' }} />);
    expect(screen.getByTestId('sampling-image').getAttribute('src')).toBe(`data:image/svg+xml;base64,${svg}`);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(container.querySelector('script')).toBeNull();
  });

  it('shows no image for invalid base64', () => {
    render(<ContentBlockView block={{ type: 'image', data: '**', mimeType: 'image/png' }} />);
    expect(screen.queryByTestId('sampling-image')).toBeNull();
    expect(screen.getByText(/invalid base64/)).toBeTruthy();
  });
});
