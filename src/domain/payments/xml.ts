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
  let out = '';
  for (const char of text) {
    if (!xmlAllowed(char.codePointAt(0) ?? 0)) continue;
    out += ESCAPES[char] ?? char;
  }
  return out;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function render(node: XmlNode, indent: string, out: string[]): void {
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (typeof node.children === 'string') {
    out.push(`${indent}<${node.name}${attributes}>${escapeXml(node.children)}</${node.name}>`);
    return;
  }
  out.push(`${indent}<${node.name}${attributes}>`);
  for (const child of node.children) render(child, `${indent}  `, out);
  out.push(`${indent}</${node.name}>`);
}

export function xmlDocument(root: XmlNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, '', out);
  return `${out.join('\n')}\n`;
}
