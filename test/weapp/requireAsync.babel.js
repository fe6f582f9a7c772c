/**
 * The platform edge of the weapp tests: WeChat's module loader. The compiled mini-program fetches the
 * code it loads on demand with `require.async(path)` (分包异步化: WeChat downloads that subpackage,
 * runs the file and answers its exports); Jest's require has no `async`, so the weapp project's
 * transform rewrites each such call in dist/weapp into the same load, answered on a later tick.
 */
module.exports = function requireAsync({ types: t }) {
  return {
    name: 'weapp-require-async',
    visitor: {
      CallExpression(path) {
        const callee = path.get('callee')
        if (!callee.isMemberExpression() || !t.isIdentifier(callee.node.object, { name: 'require' })) return
        if (!t.isIdentifier(callee.node.property, { name: 'async' })) return
        const [request] = path.node.arguments
        // Promise.resolve().then(() => require(request))
        path.replaceWith(
          t.callExpression(
            t.memberExpression(t.callExpression(t.memberExpression(t.identifier('Promise'), t.identifier('resolve')), []), t.identifier('then')),
            [t.arrowFunctionExpression([], t.callExpression(t.identifier('require'), [request]))],
          ),
        )
      },
    },
  }
}
