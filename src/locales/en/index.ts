import common from './common'
import lesson from './lesson'
import message from './message'
import route from './route'

export default { ...common, ...route, ...lesson, ...message }
