/** "1 message", "2 messages". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
