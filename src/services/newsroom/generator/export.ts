// Downloads of a generated article: a .txt and a Word .docx named
// Article-{category}-{title cleaned to 60 characters, non-alphanumerics removed, spaces as underscores}.
// Word: bold 20-point title, a paragraph per blank-line block, wholly bold lines as headings, and a
// "Related Sources" section appended when the text has no Sources section of its own; A4 with
// 1440-twip margins (the format's defaults).
import type { ExternalHyperlink, Paragraph, TextRun } from 'docx';
import { onFirstUse } from '../../../load-on-use.js';
import type { GeneratedArticle } from '../../../api/generator.js';
import { withScheme } from './offline-writer.js';

// Loaded with the first Word download, not at every start.
const docx = onFirstUse<typeof import('docx')>('docx');

export type ExportFormat = 'txt' | 'docx';

export interface ArticleExport {
  fileName: string;
  contentType: string;
  body: Buffer;
}

function plainTitle(title: string): string {
  return title.replace(/\*\*/g, '').trim();
}

export function exportFileName(article: Pick<GeneratedArticle, 'title' | 'category'>, format: ExportFormat): string {
  const cleaned = plainTitle(article.title)
    .replace(/[^A-Za-z0-9\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim()
    .replace(/\s+/g, '_');
  return `Article-${article.category ?? 'general'}-${cleaned || 'untitled'}.${format}`;
}

const SOURCES_MARKER = /^\s*(\*\*)?\s*(related\s+)?sources?\s*:?\s*(\*\*)?\s*:?\s*$/im;

export function hasSourcesMarker(content: string): boolean {
  return SOURCES_MARKER.test(content);
}

const WHOLLY_BOLD = /^\s*\*\*([^*]+)\*\*\s*$/;

function relatedSources(article: Pick<GeneratedArticle, 'sourceUrls'>): string[] {
  return article.sourceUrls.map(withScheme);
}

/**
 * The article's Markdown as plain text: bold and italic marks and heading hashes dropped, a link as
 * its text and address. A .txt file is read as it is, so `**Sources**` must read "Sources".
 */
function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
        .replace(/\*\*([^*]+)\*\*/g, '$1')
        .replace(/__([^_]+)__/g, '$1')
        .replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s.,;:!?)]|$)/g, '$1$2'),
    )
    .join('\n');
}

export function articleText(article: GeneratedArticle): string {
  const parts = [plainTitle(article.title), '', plainText(article.content.trim())];
  const sources = relatedSources(article);
  if (!hasSourcesMarker(article.content) && sources.length > 0) parts.push('', 'Related Sources:', ...sources);
  return `${parts.join('\n')}\n`;
}

/** **bold** spans as bold runs; bare http(s) addresses as links. */
function runs(line: string): (TextRun | ExternalHyperlink)[] {
  const { ExternalHyperlink, TextRun } = docx();
  const out: (TextRun | ExternalHyperlink)[] = [];
  line.split(/(\*\*[^*]+\*\*)/).forEach((piece) => {
    if (!piece) return;
    const bold = /^\*\*([^*]+)\*\*$/.exec(piece);
    if (bold) {
      out.push(new TextRun({ text: bold[1]!, bold: true }));
      return;
    }
    piece.split(/(https?:\/\/[^\s)]+)/).forEach((part) => {
      if (!part) return;
      if (/^https?:\/\//.test(part)) out.push(new ExternalHyperlink({ link: part, children: [new TextRun({ text: part, style: 'Hyperlink' })] }));
      else out.push(new TextRun({ text: part }));
    });
  });
  return out;
}

function blockParagraphs(block: string): Paragraph[] {
  const { HeadingLevel, Paragraph, TextRun } = docx();
  const lines = block
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim());
  if (lines.length === 1 && WHOLLY_BOLD.test(lines[0]!)) {
    return [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: WHOLLY_BOLD.exec(lines[0]!)![1]!.trim() })] })];
  }
  const paragraphs: Paragraph[] = [];
  let current: (TextRun | ExternalHyperlink)[] = [];
  const flush = () => {
    if (current.length) paragraphs.push(new Paragraph({ children: current, spacing: { after: 160 } }));
    current = [];
  };
  for (const line of lines) {
    // A bold line inside a block is a heading too; other lines of the block are one paragraph with breaks.
    if (WHOLLY_BOLD.test(line)) {
      flush();
      paragraphs.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: WHOLLY_BOLD.exec(line)![1]!.trim() })] }));
      continue;
    }
    if (current.length) current.push(new TextRun({ text: '', break: 1 }));
    current.push(...runs(line.replace(/^(\s*[-*])\s+/, '• ')));
  }
  flush();
  return paragraphs;
}

// Characters XML 1.0 forbids (C0 controls other than tab and line breaks, U+FFFE/U+FFFF, lone
// surrogates): model-written text can carry them, and one would leave Word unable to open the file.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '');

export async function articleDocx(raw: GeneratedArticle): Promise<Buffer> {
  const { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } = docx();
  const article = { ...raw, title: xmlText(raw.title), content: xmlText(raw.content), sourceUrls: raw.sourceUrls.map(xmlText) };
  const children: Paragraph[] = [
    new Paragraph({
      alignment: AlignmentType.LEFT,
      spacing: { after: 240 },
      children: [new TextRun({ text: plainTitle(article.title), bold: true, size: 40 })],
    }),
  ];
  for (const block of article.content.replace(/\r\n/g, '\n').split(/\n\s*\n/)) children.push(...blockParagraphs(block));
  const sources = relatedSources(article);
  if (!hasSourcesMarker(article.content) && sources.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: 'Related Sources' })] }));
    for (const url of sources) children.push(new Paragraph({ children: runs(url) }));
  }
  const document = new Document({
    creator: 'newsctl',
    title: plainTitle(article.title),
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1440, right: 1440, bottom: 1440, left: 1440 } } },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

export async function exportArticle(article: GeneratedArticle, format: ExportFormat): Promise<ArticleExport> {
  if (format === 'txt') {
    return { fileName: exportFileName(article, 'txt'), contentType: 'text/plain; charset=utf-8', body: Buffer.from(articleText(article), 'utf8') };
  }
  return {
    fileName: exportFileName(article, 'docx'),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body: await articleDocx(article),
  };
}
