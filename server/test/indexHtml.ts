/** A built index.html as the server-rendering tests use it: a generic head, the root and the app's script. */
export const TEST_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic" />
    <title>Living Liberally</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;
