// The question bank; `answer` is the index of the right choice.
// Question 1 is answered by "Mario" (index 1): specs rely on it.
window.TRIVIA_QUESTIONS = [
  { question: 'Which plumber first jumped into arcades in Donkey Kong (1981)?', choices: ['Luigi', 'Mario', 'Wario', 'Toad'], answer: 1 },
  { question: 'What colour is the ghost Blinky in Pac-Man?', choices: ['Pink', 'Cyan', 'Red', 'Orange'], answer: 2 },
  { question: 'In Minecraft, what do you need to mine obsidian?', choices: ['Iron pickaxe', 'Diamond pickaxe', 'Gold pickaxe', 'Any shovel'], answer: 1 },
  { question: 'Which company makes the PlayStation?', choices: ['Nintendo', 'Microsoft', 'Sega', 'Sony'], answer: 3 },
  { question: 'In Tetris, how many rows must you clear at once to score a "Tetris"?', choices: ['Four', 'Three', 'Five', 'Two'], answer: 0 },
  { question: 'What is the name of the princess in The Legend of Zelda?', choices: ['Peach', 'Daisy', 'Zelda', 'Rosalina'], answer: 2 },
  { question: 'Which game popularised the "battle royale" building mechanic?', choices: ['Apex Legends', 'Fortnite', 'PUBG', 'Warzone'], answer: 1 },
  { question: 'What does "GG" usually mean in chat?', choices: ['Good game', 'Get going', 'Gold gain', 'Go ganking'], answer: 0 },
  { question: 'Which speedrun category means "finish by any means"?', choices: ['100%', 'Glitchless', 'Any%', 'Low%'], answer: 2 },
  { question: 'Sonic the Hedgehog collects what?', choices: ['Coins', 'Stars', 'Gems', 'Rings'], answer: 3 },
];
