import cells from './cells'
import common from './common'
import lesson from './lesson'
import login from './login'
import message from './message'
import player from './player'
import profile from './profile'
import purchase from './purchase'
import review from './review'
import route from './route'
import ui from './ui'
import validation from './validation'

export default { ...common, ...route, ...lesson, ...message, ...cells, ...player, ...purchase, ...login, ...validation, ...ui, ...profile, ...review }
