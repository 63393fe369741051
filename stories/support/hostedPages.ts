import { answerStoryRequest } from './sandboxStory.js';

/** Says this window hosts story sandboxes (public/storybookServiceWorker.js reads it). */
const HOST_MESSAGE = 'lir/hosted-pages:host';

/** A hosted-page request the service worker relays, with a port for the answer. */
const REQUEST_MESSAGE = 'lir/hosted-pages:request';

/** A request as the service worker relays it. */
interface RelayedRequest {
  url: string;
  method: string;
  headers: [string, string][];
  /** The body's bytes, as the browser encoded them (`null` for GET and HEAD). */
  body: ArrayBuffer | null;
}

/** A response as the service worker rebuilds it. */
interface RelayedResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What this window answers: a response, none (no sandbox knows the page), or a failure. */
type Answer = { response: RelayedResponse | null } | { error: string };

const isRelayedRequest = (data: unknown): data is { type: string; request: RelayedRequest } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === REQUEST_MESSAGE;

/** The relayed request as a `Request`; its body keeps the bytes and `Content-Type` it came with. */
function toRequest({ url, method, headers, body }: RelayedRequest): Request {
  return new Request(url, { method, headers, ...(body === null ? {} : { body }) });
}

async function answer(relayed: RelayedRequest): Promise<Answer> {
  try {
    const response = await answerStoryRequest(toRequest(relayed));
    if (!response) return { response: null };
    return {
      response: {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.arrayBuffer(),
      },
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Makes this window the host of the sandbox's hosted pages in Storybook. The hosted pages (the
 * policy-retrieval sign-in page in its frame, its form post, the quote page's logos) are
 * navigations and requests of documents that Mock Service Worker does not answer;
 * public/storybookServiceWorker.js relays them here, and the sandbox of the story that knows the
 * page answers them (`answerStoryRequest`), as MSW's handlers answer the components' fetches.
 *
 * Call once the worker is registered (with the registration `worker.start()` returns). The
 * window says again that it hosts when a new worker takes over and when it becomes visible (the
 * worker asks the window that said so last first). Returns a function that stops answering.
 */
export function hostedPages(registration: ServiceWorkerRegistration): () => void {
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const [port] = event.ports;
    if (!port || !isRelayedRequest(event.data)) return;
    void answer(event.data.request).then((reply) => {
      const body = 'response' in reply ? reply.response?.body : undefined;
      port.postMessage(reply, body ? [body] : []);
    });
  };
  const announce = () => {
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    worker?.postMessage({ type: HOST_MESSAGE });
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') announce();
  };
  container.addEventListener('message', onMessage);
  container.addEventListener('controllerchange', announce);
  document.addEventListener('visibilitychange', onVisible);
  container.startMessages();
  announce();
  return () => {
    container.removeEventListener('message', onMessage);
    container.removeEventListener('controllerchange', announce);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
