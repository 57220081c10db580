// Trivia: one question at a time; `score` and `round` (index of the current
// question) are stored, so a reload continues where the game was. The dock
// panel (panel.html) moves to the next round and resets the score; so does a
// `custom.next-question` event (a Stream Deck button posting to /me/events).
const NEXT_QUESTION_MS = 2500;
const QUESTIONS = window.TRIVIA_QUESTIONS;
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const view = {
  card: $('trivia'),
  round: $('round'),
  rounds: $('rounds'),
  score: $('score'),
  question: $('question'),
  answers: [0, 1, 2, 3].map((index) => $(`answer-${index}`)),
  feedback: $('feedback'),
};
// `persist` stays false when the saved score could not be read: saving then
// would overwrite the real score with this session's.
const state = { score: 0, round: 0, answered: false, persist: false };

function renderQuestion() {
  const { question, choices } = QUESTIONS[state.round % QUESTIONS.length];
  view.round.textContent = String((state.round % QUESTIONS.length) + 1);
  view.rounds.textContent = String(QUESTIONS.length);
  view.score.textContent = String(state.score);
  view.question.textContent = question;
  view.answers.forEach((button, index) => {
    button.textContent = choices[index];
    button.disabled = false;
    delete button.dataset.result;
  });
  view.card.dataset.state = 'asking';
  view.card.setAttribute('aria-busy', 'false');
  state.answered = false;
}

async function save(key, value) {
  if (!state.persist) return;
  try {
    await Overlay.db.set(key, value);
  } catch (error) {
    view.feedback.textContent = `Score not saved (${error?.code ?? 'error'})`;
  }
}

async function answer(index) {
  if (state.answered) return;
  state.answered = true;
  const { answer: right, choices } = QUESTIONS[state.round % QUESTIONS.length];
  for (const button of view.answers) button.disabled = true;
  view.answers[right].dataset.result = 'right';
  if (index === right) {
    state.score += 1;
    view.score.textContent = String(state.score);
    view.feedback.textContent = 'Correct!';
  } else {
    view.answers[index].dataset.result = 'wrong';
    view.feedback.textContent = `It was ${choices[right]}.`;
  }
  view.card.dataset.state = 'answered';
  state.round = (state.round + 1) % QUESTIONS.length;
  await Promise.all([save('score', state.score), save('round', state.round)]);
  setTimeout(renderQuestion, NEXT_QUESTION_MS);
}

/** Moves on to the next question, as the dock panel's button does. */
function nextQuestion() {
  state.round = (state.round + 1) % QUESTIONS.length;
  view.feedback.textContent = '';
  renderQuestion();
  save('round', state.round);
}

async function start() {
  // A press made while the overlay was off is stale: only live ones move the game on.
  // One that comes before the stored round is read counts after it (else the read would undo it).
  let loaded = false;
  let pressedBeforeLoad = 0;
  Overlay.on('custom.next-question', (event) => {
    if (event.missed) return;
    if (loaded) nextQuestion();
    else pressedBeforeLoad += 1;
  });
  view.answers.forEach((button, index) => {
    button.addEventListener('click', () => answer(index));
  });
  Overlay.on('change', ({ key, value }) => {
    if (!Number.isInteger(value) || value < 0) return;
    if (key === 'score') {
      state.score = value;
      view.score.textContent = String(value);
    }
    // The dock panel started the next round.
    if (key === 'round' && value % QUESTIONS.length !== state.round) {
      state.round = value % QUESTIONS.length;
      view.feedback.textContent = '';
      renderQuestion();
    }
  });
  try {
    await Overlay.ready;
    const [score, round] = await Promise.all([Overlay.db.get('score'), Overlay.db.get('round')]);
    state.score = Number.isInteger(score) && score >= 0 ? score : 0;
    state.round = Number.isInteger(round) && round >= 0 ? round % QUESTIONS.length : 0;
    state.persist = true;
  } catch (error) {
    view.feedback.textContent = `Playing without saved score (${error?.code ?? 'error'})`;
  }
  loaded = true;
  renderQuestion();
  for (; pressedBeforeLoad > 0; pressedBeforeLoad -= 1) nextQuestion();
}

if (window.Overlay) start();
else {
  view.feedback.textContent = 'Overlay SDK not loaded';
  view.card.dataset.state = 'asking';
}
