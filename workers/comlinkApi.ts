/**
 * Adapts the in-process service to comlink: the unsubscribe handle crosses back as a proxy, and each
 * subscription's MessagePort pairs are closed when it ends.
 *
 * - the sink is a comlink proxy callback, or a transferred MessagePort (LiveSinkPort: the app's client),
 *   on which each event is posted as one message;
 * - `unsubscribe` releases the sink proxy (closes the sink's port pair) or closes the port;
 * - the handle carries `Comlink.finalizer`: when the main side releases (or garbage-collects) the handle
 *   without calling it, the subscription ends too, so a lost handle cannot leak a poll.
 */
import * as Comlink from 'comlink';
import { isSinkPort, type LiveApi, type LiveUnsubscribe } from './protocol/protocol';

export function toComlinkApi(service: LiveApi): LiveApi {
  return {
    configure: (config) => service.configure(config),
    setVisibility: (visible) => service.setVisibility(visible),
    resync: (activityId) => service.resync(activityId),
    accepted: (activityId, state) => service.accepted(activityId, state),
    setAccessToken: (token) => service.setAccessToken(token),
    focus: (key, activityIds) => service.focus(key, activityIds),
    subscribe(name, params, sink) {
      let done = false;
      // A transferred port (the app's client, LiveSinkPort): each event is one message on it, no reply.
      const port = isSinkPort(sink) ? sink : null;
      const end = service.subscribe(name, params, port ? (event) => port.postMessage(event) : sink);
      const unsubscribe = () => {
        if (done) return;
        done = true;
        void end();
        if (port) {
          port.close();
          return;
        }
        const release = (sink as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy];
        if (typeof release === 'function') release();
      };
      const handle: LiveUnsubscribe = Object.assign(unsubscribe, { [Comlink.finalizer]: unsubscribe });
      return Comlink.proxy(handle);
    },
  };
}
