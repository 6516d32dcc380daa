// Side-effect CSS imports through the vite alias in vite.config.ts.
declare module 'monaco-codicons/*';
