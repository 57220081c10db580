// Chat box: the last chat messages (Overlay.on('chat')), each fading after the
// `fadeSeconds` setting (0 keeps them). ChatView (chatView.js) decides what a
// message shows; this file only builds the elements, with textContent, so chat
// text never becomes markup.
const box = document.querySelector('[data-testid="chat"]');
let lines = [];
let settings = { max: 10, fadeSeconds: 30 };

function badgeElement(badge) {
  const element = document.createElement('span');
  element.className = `badge badge-${badge.set}`;
  element.title = badge.set;
  element.textContent = badge.letter;
  return element;
}

function partElement(part) {
  if (part.kind === 'text') return document.createTextNode(part.text);
  const image = document.createElement('img');
  image.className = 'emote';
  image.src = part.url;
  image.alt = part.alt;
  return image;
}

function lineElement(line) {
  const item = document.createElement('li');
  item.dataset.testid = 'chat-line';
  item.dataset.id = line.id;
  const name = document.createElement('span');
  name.className = 'name';
  name.dataset.testid = 'chat-name';
  name.style.color = line.colour;
  name.textContent = line.name;
  const text = document.createElement(line.action ? 'em' : 'span');
  text.className = 'text';
  text.dataset.testid = 'chat-text';
  text.append(...line.parts.map(partElement));
  item.append(...line.badges.map(badgeElement), name, document.createTextNode(line.action ? ' ' : ': '), text);
  if (line.action) item.dataset.action = 'true';
  return item;
}

function show(record) {
  const line = ChatView.toChatLine(record);
  if (!line || lines.some((kept) => kept.id === line.id)) return;
  lines = ChatView.keepNewest(lines, line, settings.max);
  const element = lineElement(line);
  box.append(element);
  while (box.children.length > lines.length) box.firstElementChild.remove();
  if (settings.fadeSeconds > 0) {
    setTimeout(() => {
      element.dataset.faded = 'true';
      lines = lines.filter((kept) => kept.id !== line.id);
      // The CSS transition fades it; then it goes.
      setTimeout(() => element.remove(), 1000);
    }, settings.fadeSeconds * 1000);
  }
}

async function start() {
  settings = await Overlay.settings();
  Overlay.on('chat', show);
  box.setAttribute('aria-busy', 'false');
}

start().catch((error) => console.error(error));
