/**
 * What the compiled lesson page (demo-open) sent over WeChat's bridge when issue 36 was written,
 * measured by firstRenderSetData.test.ts on the build of 18b6f40: its first rows and one appended
 * page. The budget is half of it (bench/weappRender.bench.ts prints the figures against it).
 */
export const BEFORE = { firstCalls: 2, firstBytes: 18654, appendCalls: 1, appendBytes: 19558 } as const
