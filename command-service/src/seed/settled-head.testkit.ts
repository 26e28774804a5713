/** The store's head once the workers (notices, announcements) have stopped appending: a seed run's specs compare it before and after a second run. */
export async function settledHead(store: { headPosition(): Promise<bigint> }): Promise<bigint> {
  let head = await store.headPosition();
  for (let previous = -1n; previous !== head; ) {
    previous = head;
    await new Promise((r) => setTimeout(r, 300));
    head = await store.headPosition();
  }
  return head;
}
