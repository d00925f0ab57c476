/**
 * A function that makes one value per key object and answers the same one afterwards, for as long as the
 * key lives: what the apps of a process share because it depends only on an immutable input (a catalogue's
 * schemas).
 */
export function oncePer<K extends object, V> (make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>()
  return (key) => {
    let value = made.get(key)
    if (value === undefined) {
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}
