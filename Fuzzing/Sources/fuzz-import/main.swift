// libFuzzer target: see ImportCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(ImportCheck.run)
