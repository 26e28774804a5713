/** "1 follower", "2 followers": the word for a count. */
export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
