import { attribute, decodeXmlText, findOpenTag } from './xml-text.ts';
import { entryText, type RawEntry } from './zip-entries.ts';

/** Resolves a relationship target against the folder of the part that owns it. */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** Relationships by id; targets resolved against `source`, the part the relationships belong to. */
function relationshipTargets(xml: string, source: string): Map<string, { target: string; type: string }> {
  const rels = new Map<string, { target: string; type: string }>();
  let i = 0;
  for (;;) {
    const at = findOpenTag(xml, 'Relationship', i);
    if (at === -1) return rels;
    const end = xml.indexOf('>', at);
    if (end === -1) return rels;
    const tag = xml.slice(at, end);
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) rels.set(id, { target: resolvePart(source, decodeXmlText(target)), type: attribute(tag, 'Type') ?? '' });
    i = end;
  }
}

export interface WorkbookParts {
  /** Worksheet part names in workbook order, visible sheets first. */
  sheets: string[];
  sharedStrings?: string;
}

/** Worksheet order and shared-strings part from the workbook and its relationships. */
export function locateParts(entries: Map<string, RawEntry>, maxPartBytes: number): WorkbookParts {
  const rootRels = entries.get('_rels/.rels');
  let workbookName = 'xl/workbook.xml';
  if (rootRels) {
    for (const rel of relationshipTargets(entryText(rootRels, maxPartBytes), '').values()) {
      if (rel.type.endsWith('/officeDocument')) workbookName = rel.target;
    }
  }
  const relsName = workbookName.replace(/([^/]+)$/, '_rels/$1.rels');
  const workbook = entries.get(workbookName);
  const wbRels = entries.get(relsName);
  const byName = [...entries.keys()].filter((n) => /worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!workbook || !wbRels) return { sheets: byName, sharedStrings: entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined };

  const rels = relationshipTargets(entryText(wbRels, maxPartBytes), workbookName);
  const xml = entryText(workbook, maxPartBytes);
  const visible: string[] = [];
  const hidden: string[] = [];
  let i = 0;
  for (;;) {
    const at = findOpenTag(xml, xml.includes('<x:sheet') ? 'x:sheet' : 'sheet', i);
    if (at === -1) break;
    const end = xml.indexOf('>', at);
    if (end === -1) break;
    const tag = xml.slice(at, end);
    const rid = /\s[\w]+:id\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    const target = rid ? rels.get(rid)?.target : undefined;
    if (target && entries.has(target)) (attribute(tag, 'state') === 'hidden' || attribute(tag, 'state') === 'veryHidden' ? hidden : visible).push(target);
    i = end;
  }
  let sharedStrings: string | undefined;
  for (const rel of rels.values()) if (rel.type.endsWith('/sharedStrings')) sharedStrings = rel.target;
  const ordered = [...visible, ...hidden];
  return { sheets: ordered.length > 0 ? ordered : byName, sharedStrings: sharedStrings ?? (entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined) };
}
