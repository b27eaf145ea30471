/**
 * A list edited on screen merged with its stored version that changed meanwhile (a batch add, another tab): the
 * stored items less those the person removed, then those they added; items are compared by `key`.
 */
export function mergeEditedList<T>(loaded: readonly T[], edited: readonly T[], stored: readonly T[], key: (item: T) => string): T[] {
  const loadedKeys = new Set(loaded.map(key));
  const editedKeys = new Set(edited.map(key));
  const storedKeys = new Set(stored.map(key));
  const removed = (item: T) => loadedKeys.has(key(item)) && !editedKeys.has(key(item));
  const added = (item: T) => !loadedKeys.has(key(item)) && !storedKeys.has(key(item));
  return [...stored.filter((item) => !removed(item)), ...edited.filter(added)];
}
