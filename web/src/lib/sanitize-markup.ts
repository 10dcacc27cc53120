import { createElement, Fragment, type ReactNode } from 'react';

/** The only markup a toast may carry (spec: bold, italic, emphasis, strong, code). */
const ALLOWED = new Set(['b', 'i', 'em', 'strong', 'code']);
/** Elements whose content is never text meant for the reader. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'title', 'head']);

function toNodes(nodes: NodeListOf<ChildNode> | ChildNode[], keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  Array.from(nodes).forEach((node, i) => {
    const key = `${keyPrefix}.${i}`;
    if (node.nodeType === 3) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    const children = toNodes(node.childNodes, key);
    // Allowed tags are rebuilt without any attribute; other tags vanish and keep their text.
    if (ALLOWED.has(tag)) out.push(createElement(tag, { key }, ...children));
    else out.push(createElement(Fragment, { key }, ...children));
  });
  return out;
}

/**
 * Turns untrusted toast text into React nodes keeping only b, i, em, strong and code.
 * The text is parsed into an inert document (never inserted as HTML), so nothing runs.
 *
 * @example sanitizeMarkup('<b>3</b> files <img src=x onerror=alert(1)>') // [<b>3</b>, ' files ']
 */
export function sanitizeMarkup(text: string): ReactNode {
  if (!/[<&]/.test(text)) return text;
  const doc = new DOMParser().parseFromString(`<body>${text}</body>`, 'text/html');
  return createElement(Fragment, null, ...toNodes(doc.body.childNodes, 'm'));
}
