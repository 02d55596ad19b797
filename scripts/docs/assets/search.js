// The docs' search page: finds the words of `?q=` in the site's search index (search-index.json,
// built with the pages), sections whose heading has them first, and lists them with a snippet.
// Typing searches again as the words change. Plain script: no framework, no service.
(function () {
  const input = document.getElementById('search-page-query');
  const status = document.getElementById('search-status');
  const list = document.getElementById('search-results');
  let index;

  const termsOf = (query) =>
    query
      .toLowerCase()
      .split(/[^\p{L}\p{N}_$@.-]+/u)
      .map((term) => term.replace(/^[.-]+|[.-]+$/g, ''))
      .filter(Boolean);

  function score(section, terms) {
    const heading = section.h.toLowerCase();
    const page = section.p.toLowerCase();
    const text = section.t.toLowerCase();
    let total = 0;
    for (const term of terms) {
      const inText = text.split(term).length - 1;
      if (!inText && !heading.includes(term) && !page.includes(term)) return 0;
      total += (heading.includes(term) ? 10 : 0) + (page.includes(term) ? 3 : 0);
      total += Math.min(inText, 5);
    }
    return total;
  }

  /** The section's text around the first word found, the words marked. */
  function snippet(text, terms) {
    const lower = text.toLowerCase();
    const at = Math.max(0, Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0)));
    const start = Math.max(0, at - 60);
    const end = start + 200;
    const part = (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
    const paragraph = document.createElement('p');
    const pattern = new RegExp(
      `(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
      'gi',
    );
    for (const piece of part.split(pattern)) {
      if (!piece) continue;
      const marked = terms.includes(piece.toLowerCase());
      const node = marked ? document.createElement('mark') : document.createTextNode(piece);
      if (marked) node.textContent = piece;
      paragraph.append(node);
    }
    return paragraph;
  }

  function show(query) {
    const terms = termsOf(query);
    list.replaceChildren();
    if (terms.length === 0) {
      status.textContent = 'Type the words to find.';
      return;
    }
    const found = index
      .map((section) => ({ section, score: score(section, terms) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 30);
    status.textContent = found.length
      ? `${found.length}${found.length === 30 ? '+' : ''} sections for “${query}”`
      : `Nothing found for “${query}”.`;
    for (const { section } of found) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = section.u;
      link.textContent = section.h === section.p ? section.p : `${section.p} › ${section.h}`;
      item.append(link);
      if (section.t) item.append(snippet(section.t, terms));
      list.append(item);
    }
  }

  async function start() {
    const query = new URLSearchParams(location.search).get('q') ?? '';
    input.value = query;
    status.textContent = 'Loading the index…';
    index = await (await fetch('search-index.json')).json();
    show(query);
    input.addEventListener('input', () => {
      const url = new URL(location.href);
      url.searchParams.set('q', input.value);
      history.replaceState(null, '', url);
      show(input.value);
    });
  }
  start().catch((error) => {
    status.textContent = `The search index could not be loaded (${error.message}).`;
  });
})();
