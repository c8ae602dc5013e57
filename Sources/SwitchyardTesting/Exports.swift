// Tests of effects that wait need an injectable clock: `import SwitchyardTesting` brings this product's `TestClock`
// and swift-clocks' `ImmediateClock`. Only `ImmediateClock` is re-exported: swift-clocks' own `TestClock`, which does
// not wait for the test stores' effects, is not brought along to stand beside this one.
@_exported import class Clocks.ImmediateClock
