// libFuzzer target: see SyntaxCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(SyntaxCheck.run)
