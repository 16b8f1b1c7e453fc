// The admin's JavaScript fetched after the page's first paint (docs/decisions/085-scripts-after-first-paint.md).
// Remix's <Scripts/> renders module preloads and the module script that imports the routes and
// hydrates; single fetch's data follows them as inline scripts after </html>. Held in an inert
// <template>, none of it is fetched or run while the browser parses and paints the server's HTML.
// The script after it puts the same nodes back in the same place two frames later (or at once
// when the page is hidden, or as soon as the user presses a key or a pointer), so hydration sees
// exactly the document it would have seen.

const FIRST_SCRIPT = '<link rel="modulepreload"';
const DOCUMENT_END = "</body></html>";

// React's discrete events besides click, input and change (getEventPriority in react-dom), held from
// React until it has hydrated: their default action still happens (a field is typed into, a link
// followed, a form without JavaScript submitted), but React, still hydrating, does not see them.
const HELD_EVENTS = [
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "auxclick",
  "contextmenu",
  "dblclick",
  "touchstart",
  "touchend",
  "touchcancel",
  "keydown",
  "keyup",
  "keypress",
  "focusin",
  "focusout",
  "beforeinput",
  "compositionstart",
  "compositionend",
  "submit",
  "reset",
];

/**
 * The head's part, run before the body is parsed: until the root layout's first effect (hydration
 * done) it keeps what the user did that only JavaScript answers, in `window.ppEarly` (type
 * EarlyInput): clicks on buttons, and the last value of each field. In the head, so nothing the user
 * does on a page still arriving is lost (a field typed into, or a Save pressed, before the body's end
 * was parsed). A kept event goes no further: React, hydrating, would answer it with the state it
 * is hydrating (a select already reset to the server's value, a Save before the values typed ahead
 * of it). Links and forms work without it. `replayEarlyInput` (lib/early-input.ts) replays them once
 * hydrated. The other discrete events (HELD_EVENTS) are held from React the same way: answering one
 * during hydration, React 18 hydrates synchronously, and that can fail with "Root did not complete"
 * (#345), leaving the page without JavaScript. The first pointer, key, focus or input also tells the
 * body's script to restore the template at once (`touched`, or `go` once it is there). It removes
 * itself, so the head React hydrates is the one it rendered.
 */
export const EARLY_SCRIPT = [
  "(function(s){",
  "if(s)s.remove();",
  "var q=window.ppEarly={open:true,items:[],touched:false};",
  "function keep(e){var el=e.target;if(!q.open||!(el instanceof Element))return;",
  'if(e.type==="click"){var b=el.closest(\'button[type="button"],[role="button"],[role="tab"]\');',
  'if(b&&!b.closest("a[href]"))q.items.push({el:b});e.stopImmediatePropagation();return}',
  'if(el.matches("input,select,textarea")){q.items.push({el:el,value:el.value,checked:el.checked});e.stopImmediatePropagation()}}',
  '["click","input","change"].forEach(function(n){document.addEventListener(n,keep,true)});',
  "function hold(e){if(q.open)e.stopImmediatePropagation()}",
  `${JSON.stringify(HELD_EVENTS)}.forEach(function(n){document.addEventListener(n,hold,true)});`,
  "function touch(){q.touched=true;if(q.go)q.go()}",
  '["pointerdown","keydown","focusin","input"].forEach(function(n){addEventListener(n,touch,{capture:true,once:true})});',
  "})(document.currentScript)",
].join("");

/**
 * The body's part: restores the template before it once the page has painted, two frames after
 * the browser reports its first contentful paint (a requestAnimationFrame alone runs before its
 * frame is shown, and may run before a frame with content). At once when the page is hidden (it
 * will not paint), the browser has no paint timing, or the user has reached for the page (the
 * head's part saw it). It removes itself first, so the body ends as the server rendered it (React
 * hydrates the body's children, not what follows them).
 */
export const BOOT_SCRIPT = [
  "(function(s){",
  "var t=s.previousElementSibling;s.remove();",
  "var q=window.ppEarly||{};",
  "function go(){if(!t)return;var c=t;t=null;c.replaceWith(document.importNode(c.content,true))}",
  "q.go=go;if(q.touched)return go();",
  "var P=window.PerformanceObserver;",
  'if(document.visibilityState!=="visible"||!P||!(P.supportedEntryTypes||[]).includes("paint"))return go();',
  "new P(function(l,o){",
  'if(!l.getEntriesByName("first-contentful-paint").length)return;',
  "o.disconnect();requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})})",
  '}).observe({type:"paint",buffered:true})',
  "})(document.currentScript)",
].join("");

const CHARSET = '<meta charSet="utf-8"/>';

/**
 * The document with its scripts held until after the first paint, and the early input kept from
 * the head on (right after the charset, which must come first); a page without scripts as it is.
 */
export function bootAfterPaint(html: string): string {
  const start = html.indexOf(FIRST_SCRIPT);
  const end = html.lastIndexOf(DOCUMENT_END);
  const charset = html.indexOf(CHARSET);
  if (start < 0 || end < start || charset < 0 || charset > start) return html;
  const afterCharset = charset + CHARSET.length;
  const scripts = html.slice(start, end) + html.slice(end + DOCUMENT_END.length);
  return `${html.slice(0, afterCharset)}<script>${EARLY_SCRIPT}</script>${html.slice(afterCharset, start)}<template id="pp-boot">${scripts}</template><script>${BOOT_SCRIPT}</script>${DOCUMENT_END}`;
}
