// Preloaded (node --require) into every HTTP server the corpus bench starts: servers we do not
// control often listen on every interface. This forces 127.0.0.1 for any TCP listen (a port
// number, a numeric string or an options object) and prints the port really bound on stderr,
// so the bench can pass PORT=0-style free ports and wait for a condition instead of sleeping.
// Same idea as packages/engine/test-fixtures/bind-loopback.cjs, plus the options-object form.
const net = require('node:net');
const listen = net.Server.prototype.listen;
const announce = (server) =>
  server.once('listening', () => {
    const a = server.address();
    if (a && typeof a === 'object') process.stderr.write(`CORPUS_LISTENING ${a.address} ${a.port}\n`);
  });
net.Server.prototype.listen = function loopbackListen(...args) {
  const first = args[0];
  const callbacks = args.slice(1).filter((a) => typeof a === 'function');
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    announce(this);
    return listen.call(this, Number(first), '127.0.0.1', ...callbacks);
  }
  if (first && typeof first === 'object' && !Array.isArray(first) && first.path === undefined && first.port !== undefined) {
    announce(this);
    return listen.call(this, { ...first, host: '127.0.0.1' }, ...callbacks);
  }
  return listen.apply(this, args);
};
