import { useState } from 'react';
import { useValue } from '../../lib/valueStore';
import { displayName, type SavedConfig } from './connectionForm';
import { importMcpServers } from './importMcpServers';
import { deleteSavedServer, saveServer, savedServersStore } from './savedServers';

interface Props {
  /** The form's config, or null when the form is invalid. */
  current: () => SavedConfig | null;
  onLoad: (config: SavedConfig) => void;
}

/** Servers remembered in localStorage; secrets are left out unless the user opts in. */
export function SavedServers({ current, onLoad }: Props) {
  const saved = useValue(savedServersStore);
  const [keepSecrets, setKeepSecrets] = useState(false);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const [importText, setImportText] = useState('');

  const onSave = () => {
    const config = current();
    if (!config) return setNote({ text: 'Fill in the form first (it is not valid yet).', error: true });
    const entry = saveServer(displayName(config), config, keepSecrets);
    setNote({
      text: entry.omittedSecrets.length ? `Saved "${entry.name}" without: ${entry.omittedSecrets.join(', ')}` : `Saved "${entry.name}"`,
    });
  };
  const onImport = () => {
    const result = importMcpServers(importText);
    if (!result.ok) return setNote({ text: result.error, error: true });
    for (const s of result.servers) saveServer(s.name, s.config, false);
    setNote({ text: `Imported ${result.servers.length} server${result.servers.length === 1 ? '' : 's'}` });
    setImporting(false);
    setImportText('');
  };

  return (
    <div className="border-t border-line">
      <div className="flex items-center gap-1 pr-2">
        <div className="section-title flex-1">Saved servers</div>
        <button className="btn btn-ghost" onClick={onSave} data-testid="conn-save" title="Save the form above">
          Save
        </button>
        <button className="btn btn-ghost" onClick={() => setImporting((v) => !v)} title='Import a "mcpServers" JSON snippet'>
          Import
        </button>
      </div>
      <label className="flex items-center gap-1.5 px-2 pb-1 text-[11px] text-muted">
        <input type="checkbox" checked={keepSecrets} onChange={(e) => setKeepSecrets(e.target.checked)} />
        Also save secrets (bearer token, auth headers, *_TOKEN env) in this browser
      </label>
      {importing && (
        <div className="flex flex-col gap-1 px-2 pb-2">
          <textarea
            className="input h-28 resize-y py-1 font-mono"
            placeholder={'{ "mcpServers": { "name": { "command": "npx", "args": ["-y", "pkg"] } } }'}
            value={importText}
            onChange={(e) => setImportText(e.target.value)}
            spellCheck={false}
          />
          <button className="btn self-end" onClick={onImport}>
            Import servers
          </button>
        </div>
      )}
      {note && <div className={`px-2 pb-1 text-[11px] ${note.error ? 'text-danger' : 'text-ok'}`}>{note.text}</div>}
      <ul className="pb-1">
        {saved.map((s) => (
          <li key={s.id} className="group flex items-center gap-1 px-2 py-0.5 hover:bg-hover" data-testid="saved-server">
            <button
              className="min-w-0 flex-1 truncate text-left"
              title={`Load into the form: ${describe(s.config)}`}
              onClick={() => onLoad(s.config)}
            >
              <span className="font-medium">{s.name}</span>
              <span className="ml-1.5 font-mono text-[11px] text-subtle">{describe(s.config)}</span>
            </button>
            <button
              className="invisible text-subtle group-hover:visible hover:text-danger"
              title="Delete"
              onClick={() => deleteSavedServer(s.id)}
            >
              ✕
            </button>
          </li>
        ))}
        {saved.length === 0 && !importing && <li className="px-2 pb-1 text-[11px] text-subtle">None yet.</li>}
      </ul>
    </div>
  );
}

function describe(c: SavedConfig): string {
  return c.transport === 'stdio' ? [c.command, ...(c.args ?? [])].join(' ') : `${c.transport} ${c.url ?? ''}`;
}
