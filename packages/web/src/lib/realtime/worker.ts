/// <reference lib="webworker" />
/**
 * The shared worker of spec §4: every open console tab of the browser shares one `/ws/shop`
 * socket; what the server sends goes to every tab.
 */
import { createConnection, type FromWorker, type ToWorker } from './protocol';

declare const self: SharedWorkerGlobalScope;

const ports = new Set<MessagePort>();
let last: FromWorker | undefined;
const connection = createConnection((event) => {
  if (event.kind === 'state') last = event;
  for (const port of ports) port.postMessage(event);
});

self.onconnect = (event) => {
  const port = event.ports[0];
  ports.add(port);
  if (last) port.postMessage(last);
  port.onmessage = (message: MessageEvent<ToWorker>) => {
    const data = message.data;
    if (data.kind === 'session') connection.session(data.url, data.token);
    else if (data.kind === 'bye') {
      ports.delete(port);
      if (ports.size === 0) connection.close();
    }
  };
  port.start();
};
