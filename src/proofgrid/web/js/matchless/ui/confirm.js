// A modal question with two answers: the shell's (js/app/dialogs.js ask),
// named here for Matchless's views ("Show the X-ray?").

export { ask } from '../../app/dialogs.js';
