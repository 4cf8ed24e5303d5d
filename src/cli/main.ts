#!/usr/bin/env node
import { isatty } from 'node:tty';
import { STOPPABLE_VERBS, hearInterrupts } from './interrupt.js';

// Ctrl-C to a verb that stops on it is heard from here on (interrupt.ts), and only then does the
// program load: a few hundred ms that static imports would spend first, with Ctrl-C unheard.
// The verb is the first word, as it is typed. Not while a puzzle typed at the terminal is read
// (`solve -`): that read blocks the handler, and Ctrl-C would not end it.
const readsTerminal = process.argv.includes('-') && isatty(0);
if (STOPPABLE_VERBS.has(process.argv[2] ?? '') && !readsTerminal) hearInterrupts();
await import('./cli.js');
