/** HTTP headers as a compact two-column table; nothing when there are none. */
export function HeadersTable({
  headers,
  className = '',
  testId,
}: {
  headers?: Record<string, string>;
  className?: string;
  testId?: string;
}) {
  if (!headers || Object.keys(headers).length === 0) return null;
  return (
    <table className={`w-full font-mono text-[11px] ${className}`} data-testid={testId}>
      <tbody>
        {Object.entries(headers).map(([k, v]) => (
          <tr key={k} className="align-top">
            <td className="pr-2 whitespace-nowrap text-muted">{k}</td>
            <td className="break-all">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
