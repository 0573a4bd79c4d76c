// GET /api/docs: the OpenAPI document as one self-contained page, rendered on the server (no
// script, no CDN: it works offline). Its only style is inline, allowed by its hash in the page's
// own CSP, so the rest stays as locked down as any /api answer.
import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';

type Json = Record<string, unknown>;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}
h2{border-bottom:1px solid #ccc;margin-top:2.5rem}details{border:1px solid #ddd;border-radius:4px;margin:.4rem 0;padding:.3rem .6rem}
summary{cursor:pointer}code.m{display:inline-block;min-width:4.2rem;font-weight:bold}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;font-size:13px}table{border-collapse:collapse}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}`;

export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Pretty JSON, each `$ref` a link to its schema below; a bare reference is just the link. */
const json = (value: unknown) => {
  const ref = (value as { $ref?: string }).$ref;
  if (ref && Object.keys(value as object).length === 1) {
    const name = escapeHtml(ref.slice(ref.lastIndexOf('/') + 1));
    return `<p><a href="#schema-${name}">${name}</a></p>`;
  }
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2)).replace(
    /&#34;#\/components\/schemas\/(\w+)&#34;/g,
    '<a href="#schema-$1">$1</a>',
  )}</pre>`;
};

function parameters(list: Json[]): string {
  if (list.length === 0) return '';
  const rows = list.map(
    (p) =>
      `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>` +
      `<td>${p.required ? 'required' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
  );
  return `<table><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr>${rows.join('')}</table>`;
}

function content(body: Json | undefined): string {
  const types = (body?.content ?? {}) as Record<string, { schema?: unknown }>;
  return Object.entries(types)
    .map(
      ([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${media.schema ? json(media.schema) : ''}`,
    )
    .join('');
}

function operation(method: string, path: string, op: Json): string {
  const responses = Object.entries(op.responses as Record<string, Json>)
    .map(([status, answer]) =>
      answer.$ref
        ? `<h4>${escapeHtml(status)}</h4><p><a href="#schema-Error">Error</a></p>`
        : `<h4>${escapeHtml(status)}</h4>${content(answer)}`,
    )
    .join('');
  const auth = op.security ? '<p>Bearer token (signed-in user; admin calls need an admin).</p>' : '';
  return (
    `<details><summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ` +
    `— ${escapeHtml(String(op.summary))}</summary>${auth}${parameters((op.parameters as Json[]) ?? [])}` +
    `${op.requestBody ? `<h4>Body</h4>${content(op.requestBody as Json)}` : ''}${responses}</details>`
  );
}

export function renderDocsPage(document: Json): string {
  const info = document.info as { title: string; description: string };
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  const schemas = Object.entries((document.components as { schemas: Json }).schemas)
    .map(([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${json(schema)}`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title>` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>` +
    `<h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>` +
    `<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>` +
    `${sections}<h2>Schemas</h2>${schemas}</body></html>`
  );
}
