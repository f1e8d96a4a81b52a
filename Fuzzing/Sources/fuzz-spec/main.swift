// libFuzzer target: see SpecCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(SpecCheck.run)
