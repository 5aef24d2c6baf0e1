// The server's HTML made valid where React's output is not (issue 9 item 21; decision 025), on the finished
// document (entry.server.tsx renders all of it before the first byte): Remix's single-fetch data scripts are
// rendered after the document element (<RemixServer> puts them beside the app), i.e. after </html>. They move to
// the end of <body>, where React's hydration leaves extra nodes alone.

export function tidyDocument(html: string): string {
  const close = html.lastIndexOf('</html>');
  if (close < 0) return html;
  const after = html.slice(close + '</html>'.length);
  const bodyEnd = html.lastIndexOf('</body>', close);
  if (after.trim() === '' || bodyEnd < 0) return html;
  return html.slice(0, bodyEnd) + after + html.slice(bodyEnd, close) + '</html>';
}
