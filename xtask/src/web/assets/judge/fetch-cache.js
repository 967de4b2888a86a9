// The judge's toolchain files: where the site serves them, which versions they are, and a
// fetch that keeps them in Cache Storage so that a second visit downloads nothing. Both
// workers import this; the versions here must match xtask/src/web/npm/package.json.

export const CLANG_VERSION = '22.0.0-git20542-10';
export const PYODIDE_VERSION = '314.0.7';

// The site keeps the judge's modules in judge/ and the packages' files in npm/ beside it
// (npm/@yowasp/clang/gen/..., npm/pyodide/...), so every address is found from this file's.
// Each address is written out from this file's own, so that a reader (and the site's test
// of its references) sees exactly which file of the site it names.
export const CLANG_BUNDLE = new URL('../npm/@yowasp/clang/gen/bundle.js', import.meta.url);
export const PYODIDE_INDEX = new URL('../npm/pyodide/', import.meta.url);
export const PYODIDE_MODULE = new URL('../npm/pyodide/pyodide.mjs', import.meta.url);
const CLANG_FOLDER = new URL('../npm/@yowasp/clang/', import.meta.url);

// One cache per package and version: a new pin starts a new cache, and the old ones are
// deleted the first time the new one is opened, so stale toolchains do not pile up.
const CACHES = [
  { prefix: 'judge-clang-', name: `judge-clang-${CLANG_VERSION}`, under: CLANG_FOLDER.href },
  { prefix: 'judge-pyodide-', name: `judge-pyodide-${PYODIDE_VERSION}`, under: PYODIDE_INDEX.href },
];

const networkFetch = globalThis.fetch.bind(globalThis);
const opened = new Map();

function openCache(entry) {
  if (!opened.has(entry.name)) {
    opened.set(entry.name, (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(entry.prefix) && name !== entry.name) await caches.delete(name);
      }
      return caches.open(entry.name);
    })());
  }
  return opened.get(entry.name);
}

// A drop-in for fetch(): a GET of a toolchain file is answered from Cache Storage when it
// is there, and otherwise fetched and stored. Anything else goes to the network as is.
// Cache Storage needs a secure context (https, or http on localhost); without it, this is
// plain fetch and the browser's HTTP cache is all there is.
export async function cachedFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  const entry = CACHES.find((c) => url.startsWith(c.under));
  const method = (init && init.method) || (input instanceof Request ? input.method : 'GET');
  if (!entry || method !== 'GET' || typeof caches === 'undefined') return networkFetch(input, init);
  const cache = await openCache(entry);
  const hit = await cache.match(url);
  if (hit) return hit;
  const response = await networkFetch(url, init);
  if (response.ok) {
    // Not awaited: the caller reads its branch of the body while the cache reads the
    // other, so progress is seen as the bytes arrive rather than after the whole file.
    cache.put(url, response.clone()).catch(() => {});
  }
  return response;
}

// Wraps a fetch so that every byte of every response body is counted, for progress bars.
// `report(loaded, total)` is called as chunks arrive; total grows as responses announce
// their Content-Length (or is the `expectedTotal` given when that is larger).
export function countingFetch(fetchFn, report, expectedTotal = 0) {
  let loaded = 0;
  let announced = 0;
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (!response.body) return response;
    announced += Number(response.headers.get('content-length')) || 0;
    const total = () => Math.max(announced, expectedTotal, loaded);
    report(loaded, total());
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        report(loaded, total());
        controller.enqueue(chunk);
      },
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
