/** One forward step of the schema: applied once, in id order (index.ts lists them). */
export interface Migration {
  readonly id: number
  readonly name: string
  readonly sql: string
}
