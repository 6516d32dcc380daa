// Test preload: servers we do not control (server-everything) listen on every interface and on a
// fixed port. This makes them listen on 127.0.0.1 (the project's rule for test servers) and report
// the port they really got, so tests can pass PORT=0.
const net = require('node:net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function patchedListen(...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const callbacks = args.slice(1).filter((a) => typeof a === 'function');
    this.once('listening', () => process.stderr.write(`FIXTURE_LISTENING ${this.address().port}\n`));
    return listen.call(this, Number(args[0]), '127.0.0.1', ...callbacks);
  }
  return listen.apply(this, args);
};
