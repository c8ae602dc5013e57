// Tests of effects that wait need an injectable clock: `import SwitchyardTesting` brings swift-clocks' `TestClock`
// and `ImmediateClock` along.
@_exported import Clocks
