/** An English catalogue must have exactly the keys of its zh-CN counterpart. */
export type Catalog<T> = { readonly [K in keyof T]: string }
