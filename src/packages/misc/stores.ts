import { definePackageStores } from '../../app/stores'

/**
 * The misc package's composition, reached only from its own pages. Its screens (audio file players,
 * circle posts) keep no area state yet: they play through the app's one player, so a lesson voice
 * stops when a file starts. Area stores of this package are built here on `app.post`.
 */
export const useMiscStores = definePackageStores((app) => ({ player: app.player }))
