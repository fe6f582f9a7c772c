// spec 001 §2: /vipAlert has no title, so it sets none: the mini-program's bar stays empty and the
// H5 document keeps the site's name (src/index.html), as the old site did for untitled routes.
export default definePageConfig({})
