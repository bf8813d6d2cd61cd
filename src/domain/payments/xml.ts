/**
 * A small XML writer for the payment files: elements as nested arrays, text escaped, characters XML
 * 1.0 cannot hold removed. Enough for pain.001; no attributes but the few given explicitly.
 */
export type XmlNode = { name: string; attributes?: Record<string, string>; children: XmlNode[] | string };

export function el(name: string, children: XmlNode[] | string, attributes?: Record<string, string>): XmlNode {
  return { name, children, attributes };
}

/** Elements whose value is missing are left out: `optional(value && el(...))`. */
export function present(...nodes: Array<XmlNode | null | undefined | false | ''>): XmlNode[] {
  return nodes.filter((node): node is XmlNode => Boolean(node));
}

/** Whether XML 1.0 may hold a code point (tab, newline, carriage return, and from space up). */
function xmlAllowed(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false; // a lone surrogate: half a character
  return code !== 0xfffe && code !== 0xffff;
}

/** Escapes the five XML specials and drops what XML 1.0 forbids (control characters, lone surrogates). */
export function escapeXml(text: string): string {
  // Most text is plain printable ASCII without the five specials: returned as it is, no copy.
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const char of text) {
    if (!xmlAllowed(char.codePointAt(0) ?? 0)) continue;
    out += ESCAPES[char] ?? char;
  }
  return out;
}

/** Printable ASCII except " & ' < >. */
const PLAIN = /^[ !#-%(-;=?-~]*$/;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function attributesOf(node: XmlNode): string {
  if (!node.attributes) return '';
  let text = '';
  for (const [key, value] of Object.entries(node.attributes)) text += ` ${key}="${escapeXml(value)}"`;
  return text;
}

/** The element and its children, two spaces an indent level, as one string (no array of lines). */
function render(node: XmlNode, indent: string): string {
  const open = `${indent}<${node.name}${attributesOf(node)}>`;
  if (typeof node.children === 'string') return `${open}${escapeXml(node.children)}</${node.name}>\n`;
  let text = `${open}\n`;
  const inner = `${indent}  `;
  for (const child of node.children) text += render(child, inner);
  return `${text}${indent}</${node.name}>\n`;
}

export function xmlDocument(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, '')}`;
}
