/**
 * Monaco, bundled locally (no CDN: nothing may leave localhost). Only the lazily loaded
 * editor chunk imports this module, so Monaco never weighs on the initial bundle.
 * Worker paths follow monaco-editor 0.57's `exports` map ("./*" → "./esm/vs/*.js").
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });

export { monaco };
