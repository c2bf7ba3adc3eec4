import RecordKitStore
print("x")
