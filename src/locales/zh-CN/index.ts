import cells from './cells'
import common from './common'
import lesson from './lesson'
import listening from './listening'
import login from './login'
import message from './message'
import player from './player'
import purchase from './purchase'
import resume from './resume'
import route from './route'
import ui from './ui'
import validation from './validation'

export default { ...common, ...route, ...lesson, ...message, ...cells, ...player, ...listening, ...purchase, ...login, ...validation, ...ui, ...resume }
