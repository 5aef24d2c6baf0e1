// /api/docs: the OpenAPI document rendered for a person (issue 44, decision 098). A static page of our own built on
// the server from the document itself: no script, no CDN, readable with JavaScript off, by keyboard and screen reader.
// Each thing is written once and linked to, as the document itself does: a named schema in the Schemas part, each
// refusal status's meaning (they all answer an Error) in the Refusals part; an operation names its success in full
// and lists its refusal statuses. Nothing of the document is left out, and the page stays light for people and axe.
type Json = Record<string, unknown>;

/** Text in an element: only what HTML reads as markup is escaped (a schema's many quotes stay quotes). */
const esc = (text: unknown) => String(text ?? '').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
/** A value inside a double-quoted attribute. */
const attr = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** An id made of letters, digits, dashes and underscores only. */
const slug = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff;line-height:1.5}
header,main{max-width:70rem;margin:0 auto;padding:0 1rem}
a{color:#0b4f9c}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
section.op{border-top:1px solid #767676;padding:.5rem 0 1rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;color:#fff;background:#1f4e79;padding:0 .4rem;border-radius:3px;text-align:center}
code,pre{font-family:ui-monospace,monospace;font-size:.9rem}
pre{background:#f3f3f3;padding:.5rem;overflow:auto;max-height:20rem}
table{border-collapse:collapse;margin:.25rem 0}th,td{border:1px solid #767676;padding:.2rem .5rem;text-align:left;vertical-align:top}
nav ul{columns:14rem;padding-left:1.2rem}
`;

function schemaText(schema: unknown): string {
  return JSON.stringify(schema ?? {}, null, 2);
}

function refName(ref: unknown): string {
  return typeof ref === 'string' ? ref.split('/').pop() ?? ref : '';
}

function operationHtml(path: string, method: string, op: Json, components: Json, anchor: string): string {
  const parameters = (op.parameters ?? []) as Json[];
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const security = (op.security ?? []) as unknown[];
  const componentResponses = (components.responses ?? {}) as Record<string, Json>;
  let html = `<section class="op" id="${attr(anchor)}" aria-labelledby="${attr(anchor)}-h">`;
  html += `<h3 id="${attr(anchor)}-h"><span class="method">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`;
  html += `<p>${esc(op.summary)}</p>`;
  if (op.description) html += `<p>${esc(op.description)}</p>`;
  html += `<p>${security.length ? 'Needs a bearer token (<code>Authorization: Bearer …</code>).' : 'No token needed.'}</p>`;
  if (parameters.length) {
    html += '<table><caption>Parameters</caption><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>';
    for (const p of parameters) {
      html += `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`;
    }
    html += '</tbody></table>';
  }
  const body = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
  if (body?.content) {
    for (const [type, media] of Object.entries(body.content)) {
      html += `<h4>Request body (<code>${esc(type)}</code>)</h4><pre tabindex="0">${esc(schemaText(media.schema))}</pre>`;
    }
  }
  // The answer in full; a shared refusal (components.responses) by its status only: the Refusals part describes it once.
  const refusals: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (response.$ref && componentResponses[refName(response.$ref)]) {
      refusals.push(esc(status));
      continue;
    }
    const bodies = bodiesHtml(response);
    html += `<p><strong>Answers ${esc(status)}</strong> ${esc(response.description)}${bodies ? `: ${bodies}` : ''}</p>`;
  }
  // As plain text: one link to the table of their meanings, not a link per status (thousands of elements for axe).
  if (refusals.length) html += `<p>Refusals (see <a href="#refusals">Refusals</a>): ${refusals.join(', ')}.</p>`;
  html += '</section>';
  return html;
}

/** A refusal's row in the Refusals table (`refusal-Error429`), for a link from elsewhere. */
const refusalAnchor = (name: string) => `refusal-${slug(name)}`;

/** A response's bodies: each media type with its schema (a named one as a link to it). */
function bodiesHtml(response: Json): string {
  const content = (response.content ?? {}) as Record<string, { schema?: Json }>;
  return Object.entries(content).map(([type, media]) => {
    const schema = media.schema ?? {};
    return schema.$ref ? `<code>${esc(type)}</code> <a href="#schema-${slug(refName(schema.$ref))}">${esc(refName(schema.$ref))}</a>` : `<code>${esc(type)}</code> <code>${esc(JSON.stringify(schema))}</code>`;
  }).join(', ');
}

export function openApiHtml(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const byTag = new Map<string, { path: string; method: string; op: Json; anchor: string }[]>();
  let count = 0;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      count += 1;
      const tag = ((op.tags ?? ['api']) as string[])[0]!;
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op, anchor: `op-${count}` });
    }
  }
  const tags = [...byTag.keys()].sort();
  let html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`;
  html += `<title>${esc(info.title)}: API reference</title><style>${STYLE}</style></head><body>`;
  html += '<a class="skip" href="#main">Skip to the reference</a>';
  html += `<header><h1>${esc(info.title)}</h1><p>OpenAPI ${esc(document.openapi)}, version ${esc(info.version)}: ${count} operations. The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>`;
  html += `<p>${esc(info.description)}</p>`;
  html += '<nav aria-label="Parts of the API"><ul>';
  for (const tag of tags) html += `<li><a href="#tag-${slug(tag)}">${esc(tag)}</a> (${byTag.get(tag)!.length})</li>`;
  html += '<li><a href="#refusals">Refusals</a></li><li><a href="#schemas">Schemas</a></li></ul></nav></header><main id="main">';
  for (const tag of tags) {
    html += `<h2 id="tag-${slug(tag)}">${esc(tag)}</h2>`;
    for (const o of byTag.get(tag)!) html += operationHtml(o.path, o.method, o.op, components, o.anchor);
  }
  const componentResponses = (components.responses ?? {}) as Record<string, Json>;
  html += '<h2 id="refusals">Refusals</h2><p>What each refusal status means. Every refusal answers the same shape, an <a href="#schema-Error">Error</a>.</p>';
  html += '<table><caption>Refusal statuses</caption><thead><tr><th scope="col">status</th><th scope="col">meaning</th><th scope="col">body</th></tr></thead><tbody>';
  for (const [name, response] of Object.entries(componentResponses)) {
    html += `<tr id="${refusalAnchor(name)}"><td>${esc(name.replace(/^Error/, ''))}</td><td>${esc(response.description)}</td><td>${bodiesHtml(response)}</td></tr>`;
  }
  html += '</tbody></table>';
  html += '<h2 id="schemas">Schemas</h2>';
  for (const [name, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    html += `<h3 id="schema-${slug(name)}">${esc(name)}</h3><pre tabindex="0">${esc(schemaText(schema))}</pre>`;
  }
  html += '</main></body></html>';
  return html;
}
