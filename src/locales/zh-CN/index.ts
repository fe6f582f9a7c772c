import cells from './cells'
import common from './common'
import lesson from './lesson'
import login from './login'
import message from './message'
import money from './money'
import player from './player'
import purchase from './purchase'
import review from './review'
import route from './route'
import ui from './ui'
import validation from './validation'

export default { ...common, ...route, ...lesson, ...message, ...cells, ...player, ...purchase, ...login, ...validation, ...ui, ...money, ...review }
