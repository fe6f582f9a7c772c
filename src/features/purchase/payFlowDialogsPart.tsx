/** The pay flow's dialogs, bundled with the page (the mini-program's variant; payFlowDialogsPart.h5.tsx loads them on demand). */
export { PayFlowDialogs } from './PayFlowDialogs'
