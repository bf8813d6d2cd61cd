/**
 * A minimal XML reader for tests: elements, attributes, text and the five entities — what payment
 * files hold (no comments, CDATA or DTD; any of those is refused). It shares no code with Sheepfold's
 * writers, so a writer's escaping mistake shows up here as different text.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`unknown entity ${whole}`);
    return value;
  });
}

export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  if (/<!|<\?/.test(body)) throw new Error('comments, CDATA, DTDs and processing instructions are not expected');
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const match of body.matchAll(tag)) {
    if (match.index !== consumed) throw new Error(`unreadable XML at ${consumed}`);
    consumed += match[0].length;
    const parent = stack[stack.length - 1];
    if (match[5] !== undefined) {
      parent.text += decodeEntities(match[5]);
      continue;
    }
    const [, closing, name, attributeText, selfClosing] = match;
    if (closing) {
      if (parent.name !== name) throw new Error(`</${name}> closes <${parent.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attributeText.matchAll(/([\w:.-]+)="([^"]*)"/g))
      attributes[key] = decodeEntities(value);
    const element: XmlElement = { name, attributes, children: [], text: '' };
    parent.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (consumed !== body.length || stack.length !== 1) throw new Error('unterminated XML');
  return root;
}

/** Every descendant element of that name, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}

/** The text of the first descendant of that name, or ''. */
export function textOf(element: XmlElement | undefined, name: string): string {
  return element ? (descendants(element, name)[0]?.text ?? '') : '';
}
