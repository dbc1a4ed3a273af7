/**
 * Decision 111: a page's scripts start loading once the browser has painted its HTML.
 *
 * Remix's `<Scripts>` preloads every module of the page (`<link rel="modulepreload">`) and
 * imports them from an inline module script, so the browser fetches, evaluates and hydrates
 * the JavaScript while it is still styling the page, and on a fast connection paints only
 * afterwards; on a slow one the scripts take the bandwidth the page's pictures need. Every page
 * works without JavaScript, so the first paint waits for none: the document is sent with both
 * inert (a preload without `rel`, the module script with a type no browser runs), and a small
 * script after them puts them back after the next frame. A tab in the background paints no
 * frame: it starts them at once.
 *
 * The CSP holds: the starter carries the response's nonce and gives it to what it adds (the
 * page cache's documents list the hash of every inline script, the inert one's included, which
 * is the module script's text unchanged).
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const INERT_PRELOAD = Buffer.from('<link data-deferred="modulepreload"');
const MODULE_TYPE = Buffer.from(' type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");
const INERT_MODULE_TYPE = "text/x-deferred-module";
const INERT_TYPE = Buffer.from(` type="${INERT_MODULE_TYPE}">`);

const STARTER = `(() => {
  const nonce = document.currentScript.nonce;
  const start = () => {
    for (const inert of document.querySelectorAll('link[data-deferred="modulepreload"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = inert.getAttribute("href");
      link.nonce = nonce;
      document.head.append(link);
    }
    const inert = document.querySelector('script[type="${INERT_MODULE_TYPE}"]');
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = inert.textContent;
    document.body.append(script);
  };
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();`;

/**
 * The batch of HTML that holds Remix's scripts (the document's shell) with its preloads and its
 * module script made inert and the starter after them; any other batch as it is. `nonce` is
 * the response's ("" on a page-cache document, whose CSP lists hashes instead).
 *
 * It works on the bytes: a catalogue page's batch is 100 KB, and decoding it to a string and
 * back for every page cost its worker 9 % of its time under `bench:campaign` (decision 157).
 */
export function startScriptsAfterPaint(batch: Buffer, nonce: string) {
  let at = batch.indexOf(PRELOAD);
  if (at === -1) return batch;
  const pieces: Buffer[] = [];
  let from = 0;
  for (; at !== -1; at = batch.indexOf(PRELOAD, from)) {
    pieces.push(batch.subarray(from, at), INERT_PRELOAD);
    from = at + PRELOAD.length;
  }
  const script = batch.indexOf(MODULE_TYPE, from);
  const end = script === -1 ? -1 : batch.indexOf(SCRIPT_END, script + MODULE_TYPE.length);
  if (end !== -1) {
    const afterEnd = end + SCRIPT_END.length;
    pieces.push(
      batch.subarray(from, script),
      INERT_TYPE,
      batch.subarray(script + MODULE_TYPE.length, afterEnd),
      Buffer.from(`<script nonce="${nonce}">${STARTER}</script>`),
    );
    from = afterEnd;
  }
  pieces.push(batch.subarray(from));
  return Buffer.concat(pieces);
}
