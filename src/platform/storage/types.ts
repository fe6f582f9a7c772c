/** Key-value storage that survives a restart: Taro storage in the app, an in-memory map in tests. */
export interface KeyValueStorage {
  get(key: string): string | undefined
  set(key: string, value: string): void
  remove(key: string): void
}
